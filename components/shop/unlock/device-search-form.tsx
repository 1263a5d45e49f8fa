import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** Device search by model name: a plain GET form to `action` (works before hydration). */
export function DeviceSearchForm({ action, query, label = "Device" }: { action: string; query?: string; label?: string }) {
  return (
    <form action={action} method="get" role="search" aria-label="Devices" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="device-q" className="text-sm font-medium">
          {label}
        </label>
        <Input id="device-q" name="q" type="search" defaultValue={query} placeholder="iPhone 13, Galaxy S10, Pixel…" autoComplete="off" maxLength={100} />
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        <Search className="size-4" aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
