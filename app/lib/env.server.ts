// Validated site settings from wrangler.toml [vars] (and secrets), with the defaults of
// docs/configuration.md. Worker code reads env from the load context, never from the
// process environment.
import { z } from "zod";
import type { Env } from "../../load-context";

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

const siteSchema = z.object({
  SITE_NAME: optionalText.transform((v) => v ?? "SafeBites"),
  SUPPORT_EMAIL: optionalText.transform((v) => v ?? "support@safebites.example"),
  SUPPORT_PHONE: optionalText.transform((v) => v ?? "(555) 010-0199"),
  HQ_ADDRESS: optionalText.transform((v) => v ?? "100 Example Avenue, Suite 5, Portland, OR 97201"),
});

export type SiteSettings = {
  siteName: string;
  supportEmail: string;
  supportPhone: string;
  hqAddress: string;
};

export function getSiteSettings(env: Env): SiteSettings {
  const parsed = siteSchema.parse({
    SITE_NAME: env.SITE_NAME,
    SUPPORT_EMAIL: env.SUPPORT_EMAIL,
    SUPPORT_PHONE: env.SUPPORT_PHONE,
    HQ_ADDRESS: env.HQ_ADDRESS,
  });
  return {
    siteName: parsed.SITE_NAME,
    supportEmail: parsed.SUPPORT_EMAIL,
    supportPhone: parsed.SUPPORT_PHONE,
    hqAddress: parsed.HQ_ADDRESS,
  };
}
