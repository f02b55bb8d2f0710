export { DialogProvider, useDialogs } from "./context";
export * from "./stack";
