import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Island } from "./Island.tsx";

function Card(props: { title: string }) {
  return <a href="/x">{props.title}</a>;
}

function List(props: { titles: string[] }) {
  return (
    <ul>
      {props.titles.map((title) => (
        <li key={title}>
          <Island name="follow-button" wake="interaction" component={Card} props={{ title }} />
        </li>
      ))}
    </ul>
  );
}

describe("an island's markup (R-WEB-ISLAND-2)", () => {
  it("R-WEB-ISLAND-2 an island carries its name, policy and props, escaped for the page", () => {
    const html = renderToString(
      <Island name="follow-button" wake="visible" component={Card} props={{ title: "</script><b>&" }} />,
    );
    expect(html).toMatch(/^<davmu-island data-island="follow-button" data-wake="visible" data-props="[^"]*">/);
    expect(html).not.toContain("</script><b>");
    expect(html).toContain("\\u003c/script\\u003e");
  });

  it("R-WEB-ISLAND-2 an island drawn inside another is part of it: one root, the inner drawn alone", () => {
    const html = renderToString(
      <Island name="comment-list" wake="interaction" component={List} props={{ titles: ["一", "二"] }} />,
    );
    expect(html.match(/<davmu-island/g)?.length).toBe(1);
    expect(html).toContain('<li><a href="/x">一</a></li>');
  });
});
