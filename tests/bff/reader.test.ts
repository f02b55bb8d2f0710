// readerOf: a portal reader may be tolerant, but what it hands on must be the contract's type.
// The checks are the compiler's (npm run typecheck fails on a `@ts-expect-error` that errs not);
// the test proves the helper hands the schema on unchanged.
import type { PortalConfigDto, UserDto } from "@billing-portal/contract/wire/auth";
import type { AccountDetailDto } from "@billing-portal/contract/wire/lists";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { namedBy, readerOf } from "@/lib/billing/reader";

describe("readerOf", () => {
  it("accepts a reader that reads some fields with the contract's types, tolerantly", () => {
    const reader = readerOf<UserDto>()(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        selected_customer_id: z
          .string()
          .nullish()
          .transform((v) => v ?? null),
      }),
    );
    expect(reader.parse({ id: 7, selected_customer_id: undefined })).toEqual({
      id: "7",
      selected_customer_id: null,
    });
  });

  it("refuses, at compile time, a renamed field, a wrong type and a missing null", () => {
    // @ts-expect-error the contract has no `emailAddress`
    readerOf<UserDto>()(z.object({ emailAddress: z.string() }));
    // @ts-expect-error the contract's email is a string
    readerOf<UserDto>()(z.object({ email: z.number() }));
    // @ts-expect-error undefined is not the contract's string | null
    readerOf<UserDto>()(z.object({ selected_customer_id: z.string().nullish() }));
    expect(true).toBe(true);
  });
});

describe("namedBy", () => {
  it("accepts a reader that checks values later, when it reads the contract's names", () => {
    const reader = namedBy<PortalConfigDto>()(
      z.object({ name: z.string(), primaryColor: z.unknown(), enabledTabs: z.unknown() }),
    );
    expect(reader.parse({ name: "Acme", primaryColor: 7, enabledTabs: null })).toEqual({
      name: "Acme",
      primaryColor: 7,
      enabledTabs: null,
    });
  });

  it("refuses, at compile time, a renamed field at any depth", () => {
    // @ts-expect-error the contract has no `primaryColour`
    namedBy<PortalConfigDto>()(z.object({ primaryColour: z.unknown() }));
    namedBy<AccountDetailDto>()(
      // @ts-expect-error the contract's account detail has no `customer_balance`
      z.object({ customerAccountDetails: z.object({ customer_balance: z.number() }) }),
    );
    expect(true).toBe(true);
  });
});
