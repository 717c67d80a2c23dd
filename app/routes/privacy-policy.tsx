import { Link } from "@remix-run/react";
import { ContactSection, textDocument } from "~/components/TextDocument";
import { textLink } from "~/components/ui/styles";

export { headers, handle } from "~/components/StaticPage";

const privacyPolicy = textDocument(
  {
    title: "Privacy Policy",
    lastUpdated: "May 4, 2025",
    intro: (
      <p>
        SafeBites is a free, public directory of restaurants for people with food restrictions. We collect as little
        about you as we can. This policy explains, in plain language, what we collect, why, and what you can ask us to
        do with it.
      </p>
    ),
    description:
      "How SafeBites handles your information: no accounts, no advertising trackers, no selling of data, and location used only for the search you ask for.",
    path: "/privacy-policy",
  },
  <>
    <h2>No accounts</h2>
    <p>
      You don&rsquo;t need an account to use SafeBites, and there is nothing to sign in to. We don&rsquo;t build
      profiles of visitors.
    </p>

    <h2>What we collect</h2>
    <h3>Server logs</h3>
    <p>
      Like almost every website, our servers record basic technical details when your browser asks for a page: your IP
      address, the address of the page requested (which includes any search terms), your browser type and the time. We
      use these logs only to keep SafeBites running, fix errors and protect it from abuse. They are kept for a short
      time and then deleted.
    </p>
    <h3>Restaurant suggestions and problem reports</h3>
    <p>
      When you use the Suggest a Restaurant form or report a problem with a listing, we keep what you type into it: the
      restaurant&rsquo;s details or what is wrong, any notes, and your email address and phone number if you choose to
      give them. Our team reads every one before anything in the directory changes, and may contact you about it.
      Restaurant details may be published in the directory once reviewed; your own email address and phone number are
      never published.
    </p>
    <p>
      We delete your email address and phone number from what you sent 90 days after our team has decided on it. To stop
      the same person from sending too many at once, we also keep a scrambled form of your IP address (a hash, not the
      address itself) with each suggestion or report, and delete it after one day.
    </p>
    <h3>Telling other diners about a meal</h3>
    <p>
      When you tell other diners that you ate at a restaurant, we keep your answers (your condition or diet, the month,
      what happened, what you saw and ordered, your note) and your email address if you give it. Once our team has read
      it, your answers are published on the restaurant&rsquo;s page without your name or email. Your email address is
      deleted as above. So that each person tells us about a restaurant once a month at most, we keep a scrambled form
      of your IP address together with the restaurant for 30 days, then delete it.
    </p>
    <h3>Your location</h3>
    <p>
      We only use your location if you press <strong>Use My Location</strong>, and your browser will ask your permission
      first. Your position is used in your browser and placed in the page address for that one search, so the results
      can be shown (and so you can bookmark them). We don&rsquo;t store your location or link it to you. Like any other
      search, that page address can appear in the short-lived server logs described above.
    </p>
    <h3>Messages you send us</h3>
    <p>If you email or phone us, we receive your contact details and what you tell us, and use them only to reply.</p>

    <h2>Cookies</h2>
    <p>
      SafeBites sets one short-lived cookie, and only after you submit a restaurant suggestion or a problem report (or
      use Use My Location without JavaScript): it lets us show a one-time notice such as &ldquo;Thank you&rdquo; on the
      next page. It is removed once the notice has been shown. We use no other cookies.
    </p>

    <h2>No advertising, no selling of data</h2>
    <ul>
      <li>We do not use advertising trackers or advertising cookies.</li>
      <li>We do not sell, rent or trade your personal information to anyone.</li>
      <li>We do not use your information to show you ads.</li>
    </ul>

    <h2>Who helps us run SafeBites</h2>
    <p>
      SafeBites runs on Cloudflare&rsquo;s global edge network, so your request may be handled by a server outside your
      own country. The restaurant directory is stored with a database provider. These providers process information on
      our behalf only to run the service, and not for their own purposes.
    </p>

    <h2>Keeping information safe</h2>
    <p>
      Every page is served over an encrypted (HTTPS) connection, and we limit who on our team can see suggestions and
      messages. No system is perfectly secure, which is one more reason we collect as little as possible.
    </p>

    <h2>Children</h2>
    <p>
      SafeBites is meant for a general audience and is not directed at children under 13. We don&rsquo;t knowingly
      collect personal information from children. If you believe a child has sent us personal information, please
      contact us and we will delete it.
    </p>

    <h2>Your rights</h2>
    <p>You can ask us at any time to:</p>
    <ul>
      <li>tell you what personal information we hold about you;</li>
      <li>correct it if it is wrong;</li>
      <li>delete it, for example the email address you left with a suggestion.</li>
    </ul>
    <p>
      To make a request, contact our support team using the details on our{" "}
      <Link to="/contact-us" className={textLink}>
        Contact Us
      </Link>{" "}
      page. We will reply as soon as we can. Depending on where you live, you may have further rights under local law,
      and we will respect them.
    </p>

    <h2>Changes to this policy</h2>
    <p>
      If we change how we handle information, we will update this page and the &ldquo;Last updated&rdquo; date at the
      top. If a change is significant, we will also point it out on the site before it takes effect.
    </p>

    <ContactSection question="Questions about this policy or your information?" />
  </>,
);

export const meta = privacyPolicy.meta;
export default privacyPolicy.Page;
