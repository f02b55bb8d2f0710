/** Collects bound values while SQL text is assembled: user input never enters the text. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Binds a value and returns its placeholder ($n). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
