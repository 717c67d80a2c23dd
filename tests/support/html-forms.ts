// The forms of a server-rendered page, read as a browser would send them unchanged: every named
// control in document order (a checkbox or radio only when checked, a select's selected option,
// a textarea's text), then the submit button pressed. Enough for the markup React renders; not a
// general HTML parser.

export type PageForm = {
  action: string;
  method: string;
  /** The form's entries as a browser sends them, without a button. */
  entries: [string, string][];
  /** The submit buttons that carry a name, with their values. */
  buttons: { name: string; value: string }[];
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    attributes[name!.toLowerCase()] = decode(value ?? "");
  }
  return attributes;
}

export function formsIn(html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const [, formAttributes, body] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const form = attributesOf(formAttributes!);
    const entries: [string, string][] = [];
    const buttons: { name: string; value: string }[] = [];
    for (const [, tag, attributeText, content] of body!.matchAll(
      /<(input|textarea|select|button)\b([^>]*)>(?:([\s\S]*?)<\/\1>)?/g,
    )) {
      const attributes = attributesOf(attributeText!);
      const name = attributes.name;
      if (!name || "disabled" in attributes) continue;
      if (tag === "button") {
        if ((attributes.type ?? "submit") === "submit") buttons.push({ name, value: attributes.value ?? "" });
      } else if (tag === "textarea") {
        entries.push([name, decode((content ?? "").replace(/^\n/, ""))]);
      } else if (tag === "select") {
        const options = [...(content ?? "").matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)].map(
          ([, optionAttributes, label]) => ({ attributes: attributesOf(optionAttributes!), label: decode(label!) }),
        );
        const chosen = options.find((option) => "selected" in option.attributes) ?? options[0];
        if (chosen) entries.push([name, chosen.attributes.value ?? chosen.label]);
      } else {
        const type = (attributes.type ?? "text").toLowerCase();
        if (type === "submit" || type === "button" || type === "reset" || type === "image" || type === "file") continue;
        if ((type === "checkbox" || type === "radio") && !("checked" in attributes)) continue;
        entries.push([name, attributes.value ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
      }
    }
    forms.push({ action: form.action ?? "", method: (form.method ?? "get").toLowerCase(), entries, buttons });
  }
  return forms;
}
