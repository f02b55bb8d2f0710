import { describe, expect, it } from "vitest";
import { reshapeListAnswer } from "@/lib/billing/lists/reshape";
import { appColumnId, wireColumnId } from "@/lib/lists/columns";

const apiOrigin = "http://127.0.0.1:4010";

describe("column ids between the app and the upstream (CONTRACT §5)", () => {
  it("names custom columns custom_fields.<api_name> upstream and by api_name in the app", () => {
    expect(wireColumnId("usages", "description")).toBe("description");
    expect(wireColumnId("usages", "region")).toBe("custom_fields.region");
    expect(appColumnId("custom_fields.region")).toBe("region");
    expect(appColumnId("quantity")).toBe("quantity");
  });

  it("places a configured custom column where the configuration puts it, and reads its saved layout", () => {
    const answer = reshapeListAnswer(
      "usages",
      {
        usages: [],
        total: 0,
        customFields: [{ id: "cf1", api_name: "region", field_type: "text", display_in_cp: true }],
        tableConfiguration: {
          column_width: { "custom_fields.region": 222, quantity: 90 },
          column_order: ["custom_fields.region", "quantity"],
          sorting: null,
        },
        objectConfiguration: {
          usage: {
            fields: [
              { id: "id", display_name: "Usage ID", order_no: 1 },
              {
                id: "custom_fields.region",
                display_name: "Region",
                order_no: 2,
                column_enabled: false,
              },
              { id: "quantity", display_name: "Quantity", order_no: 3 },
            ],
          },
        },
      },
      { apiOrigin },
    );
    expect(answer.config?.columns.slice(0, 3).map((c) => [c.id, c.custom, c.visible])).toEqual([
      ["id", false, true],
      ["region", true, false],
      ["quantity", false, true],
    ]);
    expect(answer.config?.tableConfig?.widths).toEqual({ region: 222, quantity: 90 });
    expect(answer.config?.tableConfig?.order).toEqual(["region", "quantity"]);
  });
});
