"use client";

import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

export type ServiceTab = { key: string; label: string; count: number; panel: ReactNode };

/**
 * The operator's service types as tabs (WAI-ARIA APG tabs, automatic activation): Left/Right
 * move between tabs and show their panel, Home/End jump to the ends, Tab goes into the panel.
 * The panels are rendered on the server; the hidden ones stay in the form, so a rate chosen in
 * one tab is still sent after looking at another.
 */
export function ServiceTabs({ tabs, initial, label }: { tabs: ServiceTab[]; initial?: string; label: string }) {
  const [selected, setSelected] = useState(tabs.some((t) => t.key === initial) ? initial! : tabs[0]?.key);
  const refs = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    setSelected(key);
    refs.current.get(key)?.focus();
  }

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto rounded-xl bg-surface-muted p-1">
        {tabs.map((tab, index) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(node) => {
                if (node) refs.current.set(tab.key, node);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={`panel-${tab.key}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                "flex min-w-0 flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                isSelected ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
              )}
            >
              {tab.label}
              <span
                aria-hidden="true"
                className={cn(
                  "rounded-full px-1.5 text-xs tabular-nums",
                  isSelected ? "bg-brand-soft text-brand" : "bg-surface text-muted",
                )}
              >
                {tab.count}
              </span>
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`panel-${tab.key}`}
          aria-labelledby={`tab-${tab.key}`}
          hidden={tab.key !== selected}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
