// Contact Us: a message form that, as the spec says, sends nothing, and the support
// contact details from the site settings (wrangler.toml [vars]).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContactEntry, EmailLink, PhoneLink } from "~/components/ContactLinks";
import { StaticPage, textPageMeta, type TextPage } from "~/components/StaticPage";
import { TextAreaField, TextField } from "~/components/ui/form";
import { primaryButton } from "~/components/ui/styles";
import { getConfig } from "~/lib/web/config.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { site } = getConfig(context.cloudflare.env);
  return {
    supportEmail: site.supportEmail,
    supportPhone: site.supportPhone,
    hqAddress: site.hqAddress,
  };
}

export { headers, handle } from "~/components/StaticPage";

const page: TextPage = {
  title: "Contact Us",
  intro: (
    <p>
      Questions, corrections or ideas? We&rsquo;d love to hear from you. If a listing is out of date, please tell us the
      restaurant&rsquo;s name and what has changed.
    </p>
  ),
  description: "Get in touch with the SafeBites team: support email, phone, address and office hours.",
  path: "/contact-us",
};

export const meta = textPageMeta(page);

const TERM = "text-sm font-semibold text-slate-900";

export default function ContactUs() {
  const { supportEmail, supportPhone, hqAddress } = useLoaderData<typeof loader>();

  return (
    <StaticPage page={page} prose={false}>
      <div className="grid gap-8 md:grid-cols-5">
        <section aria-labelledby="contact-form-heading" className="md:col-span-3">
          <h2 id="contact-form-heading" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          {/* The spec's contact form sends nothing: no action, no submit button, and
              preventDefault as a guard, so neither JS nor no-JS can submit it. */}
          <form className="mt-4 space-y-4" onSubmit={(event) => event.preventDefault()}>
            <TextField id="contact-name" name="name" label="Name" autoComplete="name" />
            <TextField id="contact-email" name="email" label="Email" type="email" autoComplete="email" />
            <TextField id="contact-subject" name="subject" label="Subject" />
            <TextAreaField id="contact-message" name="message" label="Message" rows={6} />
            <button type="button" aria-describedby="contact-form-note" className={`${primaryButton} w-full sm:w-auto`}>
              Send Message
            </button>
            <p id="contact-form-note" className="text-sm text-slate-600">
              This form doesn&rsquo;t send messages yet. To reach us, please email or call using the details on this
              page.
            </p>
          </form>
        </section>

        <section
          aria-labelledby="contact-details-heading"
          className="rounded-lg border border-slate-200 bg-slate-50 p-5 md:col-span-2"
        >
          <h2 id="contact-details-heading" className="text-xl font-semibold text-slate-900">
            Contact details
          </h2>
          <address className="mt-4 not-italic">
            <dl className="space-y-4">
              <ContactEntry term="Email" termClassName={TERM} valueClassName="mt-1 break-words">
                <EmailLink email={supportEmail} />
              </ContactEntry>
              <ContactEntry term="Phone" termClassName={TERM} valueClassName="mt-1">
                <PhoneLink phone={supportPhone} />
              </ContactEntry>
              <ContactEntry term="Headquarters" termClassName={TERM} valueClassName="mt-1 text-slate-800">
                {hqAddress}
              </ContactEntry>
              <div>
                <dt className={TERM}>Hours</dt>
                <dd className="mt-1 text-slate-800">Mon-Fri 9am-5pm PST</dd>
                <dd className="text-slate-800">Weekends: Closed</dd>
              </div>
            </dl>
          </address>
        </section>
      </div>
    </StaticPage>
  );
}
