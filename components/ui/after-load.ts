"use client";

import { useEffect, useState } from "react";

/**
 * False until the page has loaded and the browser is idle, then true: a part rendered only then
 * (React.lazy behind it) loads its code after the page's first load, never within it.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const idle = () => (window.requestIdleCallback ?? setTimeout)(() => setLoaded(true));
    if (document.readyState === "complete") idle();
    else addEventListener("load", idle, { once: true });
    return () => removeEventListener("load", idle);
  }, []);
  return loaded;
}
