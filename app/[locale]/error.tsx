"use client";

import { useTranslations } from "next-intl";
import { ErrorMessage } from "@/components/error-message";

// An error on a buyer page, in its language (the document around it is app/[locale]/layout.tsx's).
export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("Error");
  return <ErrorMessage digest={error.digest} reset={reset} text={{ title: t("title"), body: t("body"), reference: t("reference"), retry: t("retry") }} />;
}
