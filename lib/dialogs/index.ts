export { askConfirmation } from "./confirm";
export { DialogProvider, useDialogs } from "./context";
export * from "./stack";
