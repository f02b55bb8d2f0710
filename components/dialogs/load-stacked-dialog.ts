/** The dialog frame's code, split off the page; preloading a body preloads it too. */
export const loadStackedDialog = () => import("./stacked-dialog");
