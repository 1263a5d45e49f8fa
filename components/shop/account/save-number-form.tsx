import { useTranslations } from "next-intl";
import { PHONE_EXAMPLE } from "@/lib/validation/phone";
import { SaveNumberFields, type SaveNumberAction, type SaveNumberWords } from "./save-number-fields";

/**
 * Saves a top-up number with a label. With `phone` (the order page, after a top-up) only the
 * label is asked; without it (the account page) both. The words are chosen here, on the server,
 * and handed to the form as text: the pages that show it need not carry its messages. `save` is
 * the page's server action.
 */
export function SaveNumberForm({
  save,
  phone,
  formattedPhone,
  idPrefix = "saved",
}: {
  save: SaveNumberAction;
  phone?: string;
  formattedPhone?: string;
  idPrefix?: string;
}) {
  const t = useTranslations("AccountSavedNumbers");
  const shown = phone ? (formattedPhone ?? phone) : null;
  const words: SaveNumberWords = {
    form: shown ? t("formAriaFor", { phone: shown }) : t("formAria"),
    name: shown ? t("nameFor", { phone: shown }) : t("name"),
    nameHint: t("nameHint"),
    number: t("number"),
    numberHint: t("numberHint", { example: PHONE_EXAMPLE }),
    saving: t("saving"),
    save: t("save"),
  };
  return <SaveNumberFields save={save} phone={phone} idPrefix={idPrefix} words={words} />;
}
