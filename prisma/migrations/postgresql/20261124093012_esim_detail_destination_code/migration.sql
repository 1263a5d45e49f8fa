-- Data migration ([12]): counter sales stored an eSIM's destination as `esim.countryIso`, the
-- order page reads `esim.destinationCode`. Both channels now write one detail schema
-- (lib/products/esim/detail.ts), and this copies the code of the rows written before it.
UPDATE "Order"
SET "detail" = jsonb_set("detail", '{esim,destinationCode}', to_jsonb(lower("detail" -> 'esim' ->> 'countryIso')))
WHERE "productType" = 'esim'
  AND jsonb_typeof("detail" -> 'esim' -> 'countryIso') = 'string'
  AND coalesce(jsonb_typeof("detail" -> 'esim' -> 'destinationCode'), 'null') = 'null';
