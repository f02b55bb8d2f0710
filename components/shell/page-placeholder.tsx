import { Card } from "@/components/ui/card";

/** A page whose content arrives with a later issue: its heading and one honest sentence. */
export function PagePlaceholder({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-foreground text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <Card className="px-6 py-10 text-center sm:px-10">
        <p className="text-muted-foreground text-base">{text}</p>
      </Card>
    </div>
  );
}
