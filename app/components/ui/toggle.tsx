// A filter toggle: a link to the search URL with the filter switched (it works without
// JavaScript), announced as a toggle button with its pressed state.
import { Link } from "@remix-run/react";
import type { KeyboardEvent } from "react";
import { pill } from "./styles";

/** A toggle button answers Space as well as Enter (a link alone answers Enter). */
function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key === " ") {
    event.preventDefault();
    event.currentTarget.click();
  }
}

export function ToggleLink({
  to,
  pressed,
  label,
  testId,
}: {
  to: string;
  pressed: boolean;
  label: string;
  testId: string;
}) {
  return (
    <Link
      to={to}
      role="button"
      aria-pressed={pressed}
      className={pill(pressed)}
      preventScrollReset
      onKeyDown={pressOnSpace}
      data-testid={testId}
    >
      {label}
    </Link>
  );
}
