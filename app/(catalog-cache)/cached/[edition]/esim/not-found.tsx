export { default } from "@/app/(shop)/esim/not-found";
