"use client";

import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { readTokenizerMessage } from "@/lib/account/tokenizer";

type TokenizerFrameProps = {
  src: string;
  /** The tokenizer's exact origin: messages from any other origin (or window) are ignored. */
  origin: string;
  height: number;
  title: string;
  loadingLabel: string;
  onToken: (token: string) => void;
  onInvalid: (message: string) => void;
  describedBy?: string;
};

/**
 * CardConnect's hosted tokenizer in a frame (SAQ A: the number is typed on CardConnect's page):
 * a spinner until it has loaded, then its token or validation messages, read only from its origin.
 */
export function TokenizerFrame({
  src,
  origin,
  height,
  title,
  loadingLabel,
  onToken,
  onInvalid,
  describedBy,
}: TokenizerFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const onMessage = useEffectEvent((event: MessageEvent) => {
    const message = readTokenizerMessage(event, {
      origin,
      source: frame.current?.contentWindow ?? null,
    });
    if (!message) return;
    if (message.kind === "token") onToken(message.token);
    else onInvalid(message.message);
  });
  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, []);
  return (
    <div className="relative w-full" style={{ height }}>
      {loaded ? null : (
        <div
          role="status"
          className="text-muted-foreground absolute inset-0 flex items-center justify-center"
        >
          <Spinner />
          <span className="sr-only">{loadingLabel}</span>
        </div>
      )}
      <iframe
        ref={frame}
        src={src}
        title={title}
        aria-describedby={describedBy}
        onLoad={() => setLoaded(true)}
        className={loaded ? "block w-full border-0" : "invisible block w-full border-0"}
        style={{ height }}
      />
    </div>
  );
}
