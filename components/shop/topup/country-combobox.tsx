"use client";

import { ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/ui/cn";
import { filterCountries, flagEmoji } from "@/lib/products/topup/countries";
import type { CountryOption } from "@/lib/products/topup/types";

/**
 * The country selector: an editable combobox with a list popup (WAI-ARIA APG "combobox with
 * listbox popup"). Type a name, an ISO code or a dialling code to narrow the list; arrows move,
 * Enter picks, Escape closes; the choice is sent as the hidden `name` field (ISO code).
 */
export function CountryCombobox({
  id,
  name,
  countries,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  name: string;
  countries: readonly CountryOption[];
  value: string;
  onChange: (iso: string) => void;
  describedBy?: string;
}) {
  const t = useTranslations("TopupPhone");
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const selected = countries.find((c) => c.iso === value);
  const matches = useMemo(() => filterCountries(countries, query ?? ""), [countries, query]);
  const optionId = (iso: string) => `${listId}-${iso}`;
  const activeOption = open ? matches[active] : undefined;

  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption.iso))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeOption]);

  function openList() {
    setOpen(true);
    const index = query === null && selected ? matches.findIndex((c) => c.iso === selected.iso) : 0;
    setActive(Math.max(0, index));
  }

  function close() {
    setOpen(false);
    setQuery(null);
  }

  function choose(country: CountryOption) {
    onChange(country.iso);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, matches.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case "Home":
      case "End":
        if (open && matches.length > 0) {
          event.preventDefault();
          setActive(event.key === "Home" ? 0 : matches.length - 1);
        }
        break;
      case "Enter":
        // Enter picks from an open list instead of sending the form.
        if (open && activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case "Escape":
        if (open || query !== null) {
          event.preventDefault();
          close();
        }
        break;
      case "Tab":
        if (open && query && activeOption) choose(activeOption);
        break;
    }
  }

  const display = query ?? (selected ? `${selected.name} (${selected.callingCode})` : "");

  return (
    <div className="relative">
      <div className="flex h-10 items-center rounded-lg border border-border bg-surface focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand">
        <span aria-hidden="true" className="w-9 shrink-0 pl-3 text-lg leading-none">
          {selected ? flagEmoji(selected.iso) : "🌐"}
        </span>
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption.iso) : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          placeholder={t("searchCountry")}
          value={display}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={(event) => event.target.select()}
          onClick={() => (open ? undefined : openList())}
          onBlur={close}
          onKeyDown={onKeyDown}
          // The ring is drawn around the whole control (flag, text and arrow) instead.
          style={{ outline: "none" }}
          className="h-full min-w-0 flex-1 bg-transparent px-2 text-sm text-fg placeholder:text-muted"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={open ? t("hideCountries") : t("showCountries")}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (open) close();
            else openList();
          }}
          className="inline-flex h-full w-9 shrink-0 items-center justify-center text-muted hover:text-fg"
        >
          <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
        </button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t("countries")}
        hidden={!open}
        className="absolute inset-x-0 z-30 mt-1 max-h-72 overflow-auto rounded-lg border border-border bg-surface py-1 shadow-lg"
      >
        {matches.map((country, index) => (
          <li
            key={country.iso}
            id={optionId(country.iso)}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(country)}
            className={cn(
              "flex cursor-pointer items-center gap-3 px-3 py-2 text-sm",
              index === active && "bg-brand-soft",
            )}
          >
            <span aria-hidden="true" className="text-lg leading-none">
              {flagEmoji(country.iso)}
            </span>
            <span className="min-w-0 flex-1 truncate">{country.name}</span>
            <span className="shrink-0 text-muted tabular-nums">{country.callingCode}</span>
          </li>
        ))}
        {matches.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-sm text-muted">
            {t("noCountryMatch", { query: query ?? "" })}
          </li>
        ) : null}
      </ul>
      <input type="hidden" name={name} value={value} />
    </div>
  );
}
