"use client";

import { createContext, useContext } from "react";
import type { LeavingSettings } from "@/lib/schemas/subscriptions";

/**
 * Leaving on fair terms as the company's billing API offers it (its portal configuration): the
 * dashboard provides it; the subscriptions tab asks why, shows "Pause" and makes offers only as
 * it says. Without a provider (a panel rendered on its own, as in component tests), none of them.
 */
const LeavingSettingsContext = createContext<LeavingSettings | null>(null);

export const LeavingSettingsProvider = LeavingSettingsContext.Provider;

export const useLeavingSettings = () => useContext(LeavingSettingsContext);
