import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** Destination search by name or code: a plain GET form on /esim (works before hydration). */
export function DestinationSearch({ query }: { query?: string }) {
  return (
    <form action="/esim" method="get" role="search" aria-label="eSIM destinations" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <label htmlFor="esim-q" className="text-sm font-medium">
          Where are you travelling?
        </label>
        <Input id="esim-q" name="q" type="search" defaultValue={query} placeholder="Country or region, e.g. Japan or Europe" autoComplete="off" maxLength={60} />
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        <Search className="size-4" aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
