import { Link } from "@remix-run/react";
import { ContactSection, textDocument } from "~/components/TextDocument";
import { textLink } from "~/components/ui/styles";

export { headers, handle } from "~/components/StaticPage";

const termsOfService = textDocument(
  {
    title: "Terms of Service",
    lastUpdated: "May 4, 2025",
    intro: (
      <p>
        These terms explain the rules for using SafeBites, a free, public directory of restaurants for people with food
        restrictions. By using SafeBites you agree to them, so please read them. We have kept them as short and plain as
        we can.
      </p>
    ),
    description:
      "The terms for using SafeBites: always confirm dietary information with the restaurant, no medical advice, suggestions, acceptable use and 30 days' notice of material changes.",
    path: "/terms-of-service",
  },
  <>
    <h2>Using the directory</h2>
    <p>
      SafeBites is free to use and needs no account. You may search and read the directory for your own personal,
      non-commercial use, and share links to its pages.
    </p>

    <h2>Always confirm with the restaurant</h2>
    <p>
      We review listings carefully, but the information in SafeBites is provided <strong>as is</strong>, without any
      promise that it is complete, accurate or up to date. A restaurant&rsquo;s menu, ingredients, suppliers, kitchen
      practices and staff can change at any time, and so can its dietary information.
    </p>
    <p>
      <strong>
        Always confirm with the restaurant before you order, especially if you have a food allergy or coeliac disease.
      </strong>{" "}
      Tell the staff about your needs and ask how your food is prepared, including the risk of cross-contact. You are
      responsible for deciding what is safe for you to eat.
    </p>

    <h2>No medical advice</h2>
    <p>
      SafeBites is not a medical service. Nothing on the site is medical, nutritional or allergy advice. If you have
      questions about your diet or health, please talk to a doctor or other qualified professional.
    </p>

    <h2>Suggestions you submit</h2>
    <ul>
      <li>
        When you suggest a restaurant, you give SafeBites a free, permanent, worldwide right to use, edit and publish
        the information you submit as part of the directory.
      </li>
      <li>
        Your suggestions must be accurate to the best of your knowledge, and must not include anything you don&rsquo;t
        have the right to share.
      </li>
      <li>Every suggestion is reviewed by our team. We may edit it, or decide not to publish it, at our discretion.</li>
      <li>
        Any email address or phone number you give us for follow-up is handled as described in our{" "}
        <Link to="/privacy-policy" className={textLink}>
          Privacy Policy
        </Link>{" "}
        and is never published.
      </li>
    </ul>

    <h2>Acceptable use</h2>
    <p>When using SafeBites, please don&rsquo;t:</p>
    <ul>
      <li>scrape, copy or download the directory in a way that overloads the service or harms it or other visitors;</li>
      <li>try to break, disrupt or get around the security of the site, or send automated traffic meant to do so;</li>
      <li>submit false, misleading, abusive, hateful or spam content;</li>
      <li>use the site to do or submit anything unlawful.</li>
    </ul>
    <p>We may block access for anyone who breaks these rules.</p>

    <h2>Links to other sites</h2>
    <p>
      Listings link to other services, such as map searches and restaurants&rsquo; own websites and menus. We
      don&rsquo;t control those sites and are not responsible for their content or how they handle your information.
      Their own terms and privacy policies apply.
    </p>

    <h2>Limitation of liability</h2>
    <p>
      To the fullest extent the law allows, SafeBites and its team are not liable for any loss, injury, illness or
      damage arising from your use of the site or from relying on its information, including any meal you order at a
      listed restaurant. Nothing in these terms limits any rights you have that cannot be limited by law.
    </p>

    <h2>Changes to these terms</h2>
    <p>
      We may update these terms from time to time. We will give at least <strong>30 days&rsquo; notice</strong> of any
      material change before it takes effect, by posting the new terms on this page with a new &ldquo;Last
      updated&rdquo; date and pointing out the change on the site. If you keep using SafeBites after a change takes
      effect, you accept the updated terms.
    </p>

    <h2>Governing law</h2>
    <p>
      These terms are governed by the laws of the State of Oregon, USA, without regard to its conflict-of-law rules.
    </p>

    <ContactSection question="Questions about these terms?" />
  </>,
);

export const meta = termsOfService.meta;
export default termsOfService.Page;
