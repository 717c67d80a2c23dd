// Structured data for search engines: one <script type="application/ld+json">. The JSON comes
// from jsonLdText, which no stored text can break out of (app/lib/seo/seo.ts); the element carries
// the response's CSP nonce like every other script.
import { useNonce } from "~/lib/web/document";
import { jsonLdText } from "~/lib/seo/seo";

export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      // Browsers hide a nonce from the DOM once the page has loaded: not a mismatch.
      suppressHydrationWarning
      // The only use of dangerouslySetInnerHTML among the components (app/lib/web/ has two:
      // the page's CSS and the markup kept on the server): React would escape the JSON into
      // entities, which a script's text does not decode.
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
