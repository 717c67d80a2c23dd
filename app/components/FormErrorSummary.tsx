// A refused form's summary: 'Please correct the highlighted fields.' with each message as a
// link to its field. With JavaScript, the page comes back where the visitor pressed the
// button, so the summary is brought into view and focused (a screen reader reads it); without,
// the page loads at its top, where the summary is.
import { useEffect, useRef } from "react";

export function FormErrorSummary({
  answer,
  errors,
}: {
  /** The action's answer: a new object for each refusal, each focused once. */
  answer: unknown;
  /** The server's messages by field name (Conform's `error`). */
  errors: Record<string, string[] | null | undefined> | null | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !answer) return;
    element.scrollIntoView({ block: "start" });
    element.focus({ preventScroll: true });
  }, [answer]);
  const messages = Object.entries(errors ?? {}).flatMap(([name, list]) =>
    name && list?.[0] ? [{ name, message: list[0] }] : [],
  );
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      className="mt-6 scroll-mt-24 rounded-lg border border-red-800 bg-red-50 p-4 text-red-900 focus:outline-2 focus:outline-offset-2 focus:outline-red-800"
      data-testid="form-errors"
    >
      <p className="font-semibold">Please correct the highlighted fields.</p>
      {messages.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {messages.map(({ name, message }) => (
            <li key={name}>
              <a href={`#${name}`} className="break-words underline underline-offset-2">
                {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
