import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import type { UnlockCountry } from "@/lib/upstream/unlock/schemas";

/** The country the phone's network is in: a plain GET form (?country=id). */
export function CountryForm({ action, countries, selected }: { action: string; countries: UnlockCountry[]; selected?: number }) {
  return (
    <form action={action} method="get" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="unlock-country" className="text-sm font-medium">
          Country of the network the phone is locked to
        </label>
        <Select id="unlock-country" name="country" defaultValue={selected ? String(selected) : ""} required>
          <option value="" disabled>
            Choose a country
          </option>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        Show networks
      </Button>
    </form>
  );
}
