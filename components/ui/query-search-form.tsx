import { Search } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { localizedPath, splitLocale } from "@/lib/i18n/locale-routing.mjs";
import { Button } from "./button";
import { Input } from "./input";

/**
 * A one-field search: a plain GET form sending `q` to `action`, so it works before hydration
 * and the results have a shareable address. A server component: its button's word comes from
 * the catalog, and the results open, in the page's language (English on staff pages).
 */
export function QuerySearchForm({
  action,
  ariaLabel,
  id,
  label,
  placeholder,
  maxLength,
  query,
}: {
  action: string;
  /** Names the search landmark ("eSIM destinations"). */
  ariaLabel: string;
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  query?: string;
}) {
  const t = useTranslations("AccountUi");
  const locale = useLocale();
  // A plain form is not next-intl's Link: "/esim" on a Spanish page must send to "/es/esim".
  const target = action.startsWith("/") ? localizedPath(splitLocale(action).path, locale) : action;
  return (
    <form
      action={target}
      method="get"
      role="search"
      aria-label={ariaLabel}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Input
          id={id}
          name="q"
          type="search"
          defaultValue={query}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={maxLength}
        />
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        <Search className="size-4" aria-hidden="true" />
        {t("search")}
      </Button>
    </form>
  );
}
