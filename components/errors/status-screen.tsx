import type { ReactNode } from "react";

type StatusScreenProps = { eyebrow?: string; title: string; text?: string; children?: ReactNode };

/** A calm full-page message (not found, unexpected error, no portal). */
export function StatusScreen({ eyebrow, title, text, children }: StatusScreenProps) {
  return (
    <main id="main" className="bg-surface flex flex-1 items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg text-center">
        {eyebrow ? (
          <p className="text-primary text-5xl font-semibold tracking-tight">{eyebrow}</p>
        ) : null}
        <h1 className="text-foreground mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        {text ? <p className="text-muted-foreground mt-3 text-base leading-7">{text}</p> : null}
        {children ? <div className="mt-8 flex justify-center gap-3">{children}</div> : null}
      </div>
    </main>
  );
}
