// Any address no route serves: the same 404 page as the explorer's (pages/404.tsx), with the same head.
import type { Metadata } from "next";
import { NotFoundPage } from "@/components/explorer/not-found-page";
import { NOT_FOUND_HEAD } from "@/lib/explorer/site-head";
import "@/components/explorer/site.css";

export const metadata: Metadata = NOT_FOUND_HEAD;

export default NotFoundPage;
