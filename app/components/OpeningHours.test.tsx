// The detail page's hours as the server renders them: one line per comma as written, today's
// lines marked, and text of any length or content rendered inert.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OpeningHours } from "./OpeningHours";
import { OpenState } from "./OpenState";

describe("OpeningHours", () => {
  it("marks the lines that name today, and says open or closed with the next change", () => {
    const html = renderToString(
      <OpeningHours
        hours="Mon-Fri 11am-2:30pm, Mon-Fri 5pm-9pm, Sat 12pm-10pm, Sun closed"
        state={{ open: false, change: "opens 5 pm", todayLines: [0, 1] }}
      />,
    );
    expect(html).toContain("Closed now");
    expect(html).toContain("opens 5 pm");
    expect(html.match(/aria-current="date"/g)).toHaveLength(2);
    expect(html.match(/<li/g)).toHaveLength(4);
  });

  it("unknown hours: the lines as written, no state, no mark", () => {
    const html = renderToString(<OpeningHours hours="By appointment, <b>call</b>" state={null} />);
    expect(html).not.toMatch(/Open now|Closed now|aria-current/);
    expect(html).toContain("&lt;b&gt;call&lt;/b&gt;");
    expect(html).not.toContain("<b>");
  });

  it("no hours: the spec's text", () => {
    expect(renderToString(<OpeningHours hours={null} state={null} />)).toContain(
      "Hours not listed. Please call ahead.",
    );
  });

  it("text of any length or content renders, inert, without a state", () => {
    const long = `${"Mon 9am-5pm, ".repeat(5000)}</script><script>alert(1)</script>`;
    const html = renderToString(<OpeningHours hours={long} state={null} />);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("aria-current");
  });

  it("OpenState: nothing for unknown hours; 'Open now' alone when it never closes", () => {
    expect(renderToString(<OpenState state={null} />)).toBe("");
    const always = renderToString(<OpenState state={{ open: true, change: null, todayLines: [] }} />);
    expect(always).toContain("Open now");
    expect(always).not.toContain("·");
  });
});
