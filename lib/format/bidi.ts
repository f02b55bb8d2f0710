/**
 * A value written by someone else (a subscription's name and id, an e-mail address, a plan) set
 * apart inside a translated sentence, as `<bdi>` does for an element. Without it, a Latin name
 * ending in a bracket or a dot inside an Arabic sentence comes out inside out: 'Head Office
 * (SUB-1)' shows as '(SUB-1 Head Office'. First-strong isolation lets an Arabic name read right
 * to left and a Latin one left to right, in any page direction.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
