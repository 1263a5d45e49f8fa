import { getTranslations } from "next-intl/server";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { topupHrefFor } from "@/lib/account/saved-numbers";
import type { SavedNumber } from "@/lib/db/generated/sqlite/client";
import { localizedPath, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { formatPhone } from "@/lib/validation/phone";
import type { SaveNumberAction } from "./save-number-fields";
import { SaveNumberForm } from "./save-number-form";

/**
 * The account page's saved top-up numbers: each with "Top up" and "Remove", and a form to add one.
 * The page hands over the server actions that save and remove a number.
 */
export async function SavedNumbers({
  numbers,
  locale,
  save,
  remove,
}: {
  numbers: SavedNumber[];
  locale: Locale;
  save: SaveNumberAction;
  remove: (form: FormData) => Promise<void>;
}) {
  const t = await getTranslations({ locale, namespace: "AccountSavedNumbers" });
  return (
    <Card className="mt-8" data-testid="saved-numbers">
      <CardTitle id="saved-numbers-heading" className="mb-1">
        {t("title")}
      </CardTitle>
      <p className="mb-4 text-sm text-muted">{t("lead")}</p>
      {numbers.length > 0 ? (
        <ul
          className="mb-5 divide-y divide-border rounded-lg border border-border"
          aria-labelledby="saved-numbers-heading"
        >
          {numbers.map((saved) => (
            <li key={saved.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{saved.label}</span>
                <span className="block text-sm text-muted tabular-nums">{formatPhone(saved.phone)}</span>
              </span>
              <a
                href={localizedPath(topupHrefFor(saved), locale)}
                className={buttonClasses("primary", "sm")}
                aria-label={t("topUpAria", { label: saved.label })}
              >
                {t("topUp")}
              </a>
              <form action={remove}>
                <input type="hidden" name="id" value={saved.id} />
                <Button type="submit" variant="ghost" size="sm" aria-label={t("removeAria", { label: saved.label })}>
                  {t("remove")}
                </Button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
      <SaveNumberForm save={save} />
    </Card>
  );
}
