"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { createDialogStore, type DialogStore } from "./stack";

const DialogStoreContext = createContext<DialogStore | null>(null);

/** Holds this page's dialog stack; the host renders it. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createDialogStore);
  return <DialogStoreContext.Provider value={store}>{children}</DialogStoreContext.Provider>;
}

/** The dialog stack: `show(config)` puts a dialog on top, `close(id, action)` runs its handler. */
export function useDialogs(): DialogStore {
  const store = useContext(DialogStoreContext);
  if (!store) throw new Error("useDialogs must be used inside <DialogProvider>");
  return store;
}
