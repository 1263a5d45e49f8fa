"use client";

// A client component on purpose ([13], lean RSC payloads): Next.js puts the root not-found and
// forbidden pages (app/not-found.tsx, app/forbidden.tsx) into the RSC payload of every page, and
// as a server component this frame serialized the whole header and footer there twice more. As a
// client component the payload holds a reference and the title text; the HTML is the same.
import type { ComponentProps } from "react";
import { ShopFrame } from "./shop-frame";
import { StatusMessage } from "./status-message";

/**
 * Full pages for 404, 403 and similar outside any shop layout (app/not-found.tsx, app/forbidden.tsx):
 * the shop frame around the message. Inside the shop's layouts, their own not-found pages show
 * the message alone (app/(shop)/not-found.tsx), so no page has two frames.
 */
export function StatusPage(props: ComponentProps<typeof StatusMessage>) {
  return (
    <ShopFrame>
      <StatusMessage {...props} />
    </ShopFrame>
  );
}
