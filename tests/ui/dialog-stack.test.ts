import { describe, expect, it, vi } from "vitest";
import {
  DialogConfigError,
  createDialogStore,
  defineDialog,
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

// Kinds of the test's own: the stack is generic and knows no dialog of the app.
const Nothing = () => null;
const note = defineDialog({ name: "note", width: "narrow", load: async () => Nothing });
const ask = defineDialog({ name: "ask", width: "narrow", load: async () => Nothing });

describe("dialog stack", () => {
  it("adds a shown dialog at the front", () => {
    let stack: DialogEntry[] = [];
    stack = pushDialog(stack, { kind: note, message: "first" }, "a");
    stack = pushDialog(stack, { kind: ask, message: "second" }, "b");
    expect(stack.map((d) => d.id)).toEqual(["b", "a"]);
    expect(removeDialog(stack, "b").map((d) => d.id)).toEqual(["a"]);
  });

  it("refuses a dialog without a config", () => {
    const store = createDialogStore();
    expect(() => store.show(undefined as never)).toThrow(DialogConfigError);
    expect(() => pushDialog([], null, "x")).toThrow(DialogConfigError);
  });

  it("refuses a config without a kind", () => {
    const store = createDialogStore();
    expect(() => store.show({ type: "teleport" } as never)).toThrow(/needs a kind/);
    expect(() => store.show({ kind: { name: "x" } } as never)).toThrow(/needs a kind/);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("runs the OKAY handler and closes after a plain handler", async () => {
    const store = createDialogStore();
    const onOkay = vi.fn();
    const onCancel = vi.fn();
    const id = store.show({ kind: ask, onOkay, onCancel });
    await expect(store.close(id, "okay")).resolves.toBe(true);
    expect(onOkay).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("runs the CANCEL handler on cancel", async () => {
    const store = createDialogStore();
    const onCancel = vi.fn();
    const id = store.show({ kind: note, onCancel });
    await expect(store.close(id, "cancel")).resolves.toBe(true);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("closes without handlers", async () => {
    const store = createDialogStore();
    const id = store.show({ kind: note });
    await store.close(id, "okay");
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("keeps a dialog open, marked pending, until its promise resolves truthy", async () => {
    const store = createDialogStore();
    const gate = deferred<boolean>();
    const id = store.show({ kind: ask, onOkay: () => gate.promise });
    const closing = store.close(id, "okay");
    expect(store.getSnapshot()[0]).toMatchObject({ id, pending: true });
    gate.resolve(true);
    await expect(closing).resolves.toBe(true);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("stays open when the promise resolves falsy or rejects", async () => {
    const store = createDialogStore();
    const id = store.show({ kind: ask, onOkay: () => Promise.resolve(false) });
    await expect(store.close(id, "okay")).resolves.toBe(false);
    expect(store.getSnapshot()[0]).toMatchObject({ id, pending: false });

    const id2 = store.show({
      kind: ask,
      onOkay: () => Promise.reject(new Error("nope")),
    });
    await expect(store.close(id2, "okay")).resolves.toBe(false);
    expect(store.getSnapshot().map((d) => d.id)).toEqual([id2, id]);
  });

  it("stays open when a plain handler throws", async () => {
    const store = createDialogStore();
    const id = store.show({
      kind: note,
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
    const id = store.show({ kind: ask, onOkay });
    const first = store.close(id, "okay");
    await expect(store.close(id, "cancel")).resolves.toBe(false);
    gate.resolve(true);
    await first;
    expect(onOkay).toHaveBeenCalledTimes(1);
  });

  it("closes only the dialog acted on", async () => {
    const store = createDialogStore();
    const a = store.show({ kind: note, message: "a" });
    const b = store.show({ kind: note, message: "b" });
    await store.close(a, "okay");
    expect(store.getSnapshot().map((d) => d.id)).toEqual([b]);
  });

  it("notifies subscribers on every change", async () => {
    const store = createDialogStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ kind: note });
    await store.close(id, "okay");
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ kind: note });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("renames a dialog (a flow's next step) and leaves the others", () => {
    const store = createDialogStore();
    const a = store.show({ kind: note, title: "A" });
    const b = store.show({ kind: note, title: "B" });
    const listener = vi.fn();
    store.subscribe(listener);
    store.retitle(b, "B, step 2");
    expect(store.getSnapshot().map((d) => [d.id, d.title])).toEqual([
      [b, "B, step 2"],
      [a, "A"],
    ]);
    store.retitle(b, "B, step 2");
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("loads a kind's body once, and again after a failed load", async () => {
    const load = vi
      .fn<() => Promise<typeof Nothing>>()
      .mockRejectedValueOnce(new Error("chunk"))
      .mockResolvedValue(Nothing);
    const kind = defineDialog({ name: "lazy", width: "wide", load });
    await expect(kind.load()).rejects.toThrow("chunk");
    await expect(kind.load()).resolves.toBe(Nothing);
    await expect(kind.load()).resolves.toBe(Nothing);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("runDialogHandler: plain → true; promise → its truthiness", async () => {
    expect(runDialogHandler(undefined)).toBe(true);
    expect(runDialogHandler(() => "x")).toBe(true);
    await expect(runDialogHandler(() => Promise.resolve("ok"))).resolves.toBe(true);
    await expect(runDialogHandler(() => Promise.resolve(0))).resolves.toBe(false);
  });
});
