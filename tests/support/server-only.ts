// Stands in for the "server-only" marker package inside Vitest, which runs outside React's server condition.
export {};
