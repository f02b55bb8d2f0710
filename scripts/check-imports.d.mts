// Types of scripts/check-imports.mjs for tests/lint/import-rules.test.ts.
export type KnownViolation = { rule: string; from: string; to?: string; why: string };
export declare const KNOWN_VIOLATIONS: readonly KnownViolation[];
export declare function checkImports(
  root: string,
  options?: { allowList?: readonly Omit<KnownViolation, "why">[] },
): { problems: string[]; allowed: number };
