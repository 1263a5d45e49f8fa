"use client";

import NextLink from "next/link";
import type { ComponentProps } from "react";
import { localizedPath } from "./locale-routing.mjs";
import { usePageLocale } from "./use-page-locale";

/**
 * next/link in the page's language: a link written "/topup" leads to "/es/topup" on a
 * Spanish page. Buyer pages link with this, never with next/link itself.
 */
export function Link({ href, ...props }: Omit<ComponentProps<typeof NextLink>, "href"> & { href: string }) {
  return <NextLink href={localizedPath(href, usePageLocale())} {...props} />;
}
