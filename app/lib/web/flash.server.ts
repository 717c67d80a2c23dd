// One-time notices across a redirect (the no-JavaScript submission): a short-lived cookie
// holding only a notice key, which the next page maps to its fixed text and clears.
import { createCookie } from "@remix-run/cloudflare";
import { isNoticeKey, NOTICES, type NoticeKey } from "./notices";

function flashCookie(request: Request) {
  return createCookie("sb_flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    maxAge: 60,
  });
}

export async function setFlash(request: Request, key: NoticeKey): Promise<string> {
  return flashCookie(request).serialize(key);
}

/** The flashed notice, if any, and the Set-Cookie header that clears it. */
export async function takeFlash(request: Request) {
  const cookie = flashCookie(request);
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("sb_flash=")) return { notice: null, headers: undefined };
  const key: unknown = await cookie.parse(header).catch(() => null);
  return {
    notice: isNoticeKey(key) ? NOTICES[key] : null,
    headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) },
  };
}
