"use client";

import Image from "next/image";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/ui/cn";

function initials(name: string): string {
  const words = name.split(/[\s.&-]+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => [...w][0]) : [...name].slice(0, 2);
  return letters.join("").toUpperCase();
}

/**
 * An operator's logo, served by the shop (/api/catalog-images). Decorative: the name is always
 * written next to it. When there is no logo, or it cannot be loaded (upstream down and nothing
 * kept), the operator's initials take its place instead of a broken image.
 */
export function OperatorLogo({
  src,
  name,
  size = 40,
  className,
}: {
  src: string | null;
  name: string;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  const box = cn("shrink-0 rounded-lg", className);
  if (!src || failed) {
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size, fontSize: size * 0.36 }}
        className={cn(box, "inline-flex items-center justify-center bg-brand-soft font-bold text-brand")}
      >
        {initials(name)}
      </span>
    );
  }
  // Eager: logos are small, cached for a day, and often sit in a closed "Not your operator?" list.
  return (
    <Image
      ref={ref}
      src={src}
      alt=""
      width={size}
      height={size}
      unoptimized
      loading="eager"
      className={box}
      onError={() => setFailed(true)}
    />
  );
}
