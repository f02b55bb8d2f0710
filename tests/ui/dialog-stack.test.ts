import { describe, expect, it, vi } from "vitest";
import {
  DialogConfigError,
  createDialogStore,
  pushDialog,
  removeDialog,
  runDialogHandler,
  type DialogEntry,
} from "@/lib/dialogs/stack";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("dialog stack", () => {
  it("adds a shown dialog at the front", () => {
    let stack: DialogEntry[] = [];
    stack = pushDialog(stack, { type: "alert", message: "first" }, "a");
    stack = pushDialog(stack, { type: "confirmation", message: "second" }, "b");
    expect(stack.map((d) => d.id)).toEqual(["b", "a"]);
    expect(removeDialog(stack, "b").map((d) => d.id)).toEqual(["a"]);
  });

  it("refuses a dialog without a config", () => {
    const store = createDialogStore();
    expect(() => store.show(undefined as never)).toThrow(DialogConfigError);
    expect(() => pushDialog([], null, "x")).toThrow(DialogConfigError);
  });

  it("refuses an unknown dialog type", () => {
    const store = createDialogStore();
    expect(() => store.show({ type: "teleport" } as never)).toThrow(/unknown dialog type/);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("runs the OKAY handler and closes after a plain handler", async () => {
    const store = createDialogStore();
    const onOkay = vi.fn();
    const onCancel = vi.fn();
    const id = store.show({ type: "confirmation", onOkay, onCancel });
    await expect(store.close(id, "okay")).resolves.toBe(true);
    expect(onOkay).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("runs the CANCEL handler on cancel", async () => {
    const store = createDialogStore();
    const onCancel = vi.fn();
    const id = store.show({ type: "alert", onCancel });
    await expect(store.close(id, "cancel")).resolves.toBe(true);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("closes without handlers", async () => {
    const store = createDialogStore();
    const id = store.show({ type: "alert" });
    await store.close(id, "okay");
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("keeps a dialog open, marked pending, until its promise resolves truthy", async () => {
    const store = createDialogStore();
    const gate = deferred<boolean>();
    const id = store.show({ type: "confirmation", onOkay: () => gate.promise });
    const closing = store.close(id, "okay");
    expect(store.getSnapshot()[0]).toMatchObject({ id, pending: true });
    gate.resolve(true);
    await expect(closing).resolves.toBe(true);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("stays open when the promise resolves falsy or rejects", async () => {
    const store = createDialogStore();
    const id = store.show({ type: "confirmation", onOkay: () => Promise.resolve(false) });
    await expect(store.close(id, "okay")).resolves.toBe(false);
    expect(store.getSnapshot()[0]).toMatchObject({ id, pending: false });

    const id2 = store.show({
      type: "confirmation",
      onOkay: () => Promise.reject(new Error("nope")),
    });
    await expect(store.close(id2, "okay")).resolves.toBe(false);
    expect(store.getSnapshot().map((d) => d.id)).toEqual([id2, id]);
  });

  it("stays open when a plain handler throws", async () => {
    const store = createDialogStore();
    const id = store.show({
      type: "alert",
      onOkay: () => {
        throw new Error("boom");
      },
    });
    await expect(store.close(id, "okay")).resolves.toBe(false);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it("ignores a second action while the first is pending", async () => {
    const store = createDialogStore();
    const gate = deferred<boolean>();
    const onOkay = vi.fn(() => gate.promise);
    const id = store.show({ type: "confirmation", onOkay });
    const first = store.close(id, "okay");
    await expect(store.close(id, "cancel")).resolves.toBe(false);
    gate.resolve(true);
    await first;
    expect(onOkay).toHaveBeenCalledTimes(1);
  });

  it("closes only the dialog acted on", async () => {
    const store = createDialogStore();
    const a = store.show({ type: "alert", message: "a" });
    const b = store.show({ type: "alert", message: "b" });
    await store.close(a, "okay");
    expect(store.getSnapshot().map((d) => d.id)).toEqual([b]);
  });

  it("notifies subscribers on every change", async () => {
    const store = createDialogStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ type: "alert" });
    await store.close(id, "okay");
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ type: "alert" });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("runDialogHandler: plain → true; promise → its truthiness", async () => {
    expect(runDialogHandler(undefined)).toBe(true);
    expect(runDialogHandler(() => "x")).toBe(true);
    await expect(runDialogHandler(() => Promise.resolve("ok"))).resolves.toBe(true);
    await expect(runDialogHandler(() => Promise.resolve(0))).resolves.toBe(false);
  });
});
