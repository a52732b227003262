import type { Page } from 'playwright-core';

// What axe does not see and a reader does (issue 20, item 14): a label broken over three lines or
// more on a phone, a text cut short (ellipsis or clamped lines) on any width, and a page wider than
// the screen (it scrolls sideways: something in it does not wrap).

export interface LayoutFindings {
  /** Labels, table headers, tabs, buttons and badges whose text runs over three lines or more. */
  threeLine: string[];
  /** Texts cut by an ellipsis or a line clamp: the reader never sees their end. */
  truncated: string[];
  /** The outermost elements reaching past the right edge of the screen, when the page scrolls sideways. */
  overflowing: string[];
}

const LABELS = [
  'label',
  'th',
  'button',
  '[role="tab"]',
  '[role="menuitem"]',
  '[class*="Badge-label"]',
  '[class*="InputWrapper-label"]',
  '[class*="Stepper-stepLabel"]',
  '[class*="SegmentedControl-label"]',
].join(',');

export async function layoutFindings(page: Page): Promise<LayoutFindings> {
  // tsx names the inner functions with a `__name` helper that exists in Node only: give the page one.
  await page.evaluate('globalThis.__name ??= (target) => target');
  return page.evaluate((labels) => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    /**
     * Lines the element's label takes: its text is grouped by the block that lays it out (a row button
     * holds a title block and a detail block), and the first block is the label.
     */
    const lines = (element: Element) => {
      const boxes = new Map<Element, DOMRect[]>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        let block = node.parentElement as Element;
        while (block !== element && getComputedStyle(block).display.startsWith('inline')) {
          block = block.parentElement as Element;
        }
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
        boxes.set(block, [...(boxes.get(block) ?? []), ...rects]);
      }
      // Boxes of one line may start a few pixels apart (a link in a larger font): a new line starts
      // only where a box begins below the middle of the line before.
      const lineCount = (rects: DOMRect[]) => {
        let count = 0;
        let lineMiddle = -Infinity;
        for (const rect of rects.sort((a, b) => a.top - b.top)) {
          if (rect.top < lineMiddle) continue;
          count += 1;
          lineMiddle = rect.top + rect.height / 2;
        }
        return count;
      };
      // The first block is the label itself (a card button's title; its description may run on).
      const [first] = boxes.values();
      return first ? lineCount(first) : 0;
    };
    const threeLine = new Set<string>();
    for (const element of Array.from(document.querySelectorAll(labels))) {
      // A label wrapping a whole control (a radio card) is judged by its own text elements.
      if (!shown(element) || element.querySelector(labels) || text(element).length === 0) continue;
      if (lines(element) >= 3) threeLine.add(text(element).slice(0, 80));
    }
    const truncated = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (!shown(element) || text(element).length === 0) continue;
      const style = getComputedStyle(element);
      const ellipsis = style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1;
      const clamped =
        style.webkitLineClamp !== 'none' &&
        style.webkitLineClamp !== '' &&
        element.scrollHeight > element.clientHeight + 1;
      if (ellipsis || clamped) truncated.add(text(element).slice(0, 80));
    }
    const overflowing: string[] = [];
    const edge = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > edge + 1) {
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        const parent = element.parentElement;
        const past = (target: Element) => target.getBoundingClientRect().right > edge + 1;
        if (!shown(element) || !past(element) || (parent && parent !== document.body && past(parent)))
          continue;
        const name = element.getAttribute('data-testid') ?? element.className.toString().split(' ').pop();
        overflowing.push(`${element.tagName.toLowerCase()} ${name}: ${text(element).slice(0, 60)}`);
      }
    }
    return { threeLine: [...threeLine], truncated: [...truncated], overflowing };
  }, LABELS);
}
