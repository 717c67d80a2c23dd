// A card of the restaurant page with a heading: the section is named by its heading
// (aria-labelledby), so that it is a region a screen reader lists by its title.
import type { ReactNode } from "react";

export function TitledCard({
  id,
  title,
  testId,
  className,
  children,
}: {
  /** The heading's id (`card-…`). */
  id: string;
  title: ReactNode;
  testId: string;
  /** Layout classes of its place on the page (a margin, a grid cell's min-w-0). */
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`${className} rounded-xl border border-slate-200 bg-white p-5 shadow-sm`}
      aria-labelledby={id}
      data-testid={testId}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
