import { Search } from "lucide-react";
import { Button } from "./button";
import { Input } from "./input";

/**
 * A one-field search: a plain GET form sending `q` to `action`, so it works before hydration
 * and the results have a shareable address.
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
  return (
    <form action={action} method="get" role="search" aria-label={ariaLabel} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Input id={id} name="q" type="search" defaultValue={query} placeholder={placeholder} autoComplete="off" maxLength={maxLength} />
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        <Search className="size-4" aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
