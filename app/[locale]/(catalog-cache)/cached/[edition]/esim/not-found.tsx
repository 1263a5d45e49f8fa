export { default } from "@/app/[locale]/(shop)/esim/not-found";
