// What Tests/Browser/layout_test.py measures in each state of the page, run in the page by
// WebDriver (`return measure()` appended). Returns {problems: [text], header: height, results: …}.
// Every figure comes from the elements' boxes: getBoundingClientRect, scrollWidth, Range rects.
function measure() {
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const problems = [];
  const px = (n) => Math.round(n * 10) / 10;
  const box = (r) => `x ${px(r.left)}…${px(r.right)}, y ${px(r.top)}…${px(r.bottom)}`;

  function describe(e) {
    if (!e || !e.tagName) return String(e);
    let name = e.tagName.toLowerCase();
    if (e.id) name += `#${e.id}`;
    for (const c of e.classList) name += `.${c}`;
    for (const a of ["data-view", "data-kind", "data-stop", "data-play", "data-pad", "data-move", "data-tool"]) {
      if (e.hasAttribute(a)) name += `[${a}=${e.getAttribute(a).slice(0, 8)}]`;
    }
    const label = (e.getAttribute("aria-label") || e.textContent || e.placeholder || "").trim().replace(/\s+/g, " ");
    return label ? `${name} "${label.slice(0, 40)}"` : name;
  }

  // Shown to the eye: boxes, not hidden, not clipped away (.visually-hidden), not parked off-screen.
  function visible(e) {
    if (!e.getClientRects().length) return false;
    // A closed <details>' content keeps its boxes (content-visibility: hidden) but is not shown.
    if (e.checkVisibility && !e.checkVisibility({ contentVisibilityAuto: true })) return false;
    const s = getComputedStyle(e);
    if (s.visibility !== "visible") return false;
    for (let a = e; a && a !== document.documentElement; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (Number(st.opacity) === 0 || st.clipPath !== "none") return false;
      if (st.clip && st.clip !== "auto" && st.position === "absolute") return false;
    }
    const r = e.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    return r.right > 0; // a skip link waits at left: -999px until focused
  }

  // Controls in a fixed bar and controls of the page scroll apart, and a menu that pops up over the
  // page (absolute, above it) covers it on purpose: each is compared within its own layer.
  function layer(e) {
    for (let a = e; a && a !== document.documentElement; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.position === "fixed" || (st.position === "absolute" && Number(st.zIndex) > 0)) return a;
    }
    return null;
  }

  // The part of `r` that e's clipping ancestors leave to be seen, or null.
  function clipped(e, r) {
    let { left, top, right, bottom } = r;
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === "visible" && st.overflowY === "visible") continue;
      const ar = a.getBoundingClientRect();
      const x = ar.left + a.clientLeft;
      const y = ar.top + a.clientTop;
      left = Math.max(left, x);
      right = Math.min(right, x + a.clientWidth);
      top = Math.max(top, y);
      bottom = Math.min(bottom, y + a.clientHeight);
    }
    return right - left > 0.5 && bottom - top > 0.5 ? { left, top, right, bottom, height: bottom - top } : null;
  }

  // An open modal dialog leaves the rest of the page inert: only it is measured.
  const modal = [...document.querySelectorAll("dialog[open]")].pop();
  const scope = modal || document.body;

  // (a) The page scrolls sideways.
  const width = document.documentElement.scrollWidth;
  if (width > vw + 1) {
    const wide = [...document.body.querySelectorAll("*")]
      .filter((e) => visible(e) && e.getBoundingClientRect().right > vw + 1)
      .sort((x, y) => y.getBoundingClientRect().right - x.getBoundingClientRect().right)
      .slice(0, 3)
      .map((e) => `${describe(e)} right ${px(e.getBoundingClientRect().right)}`);
    problems.push(`the page scrolls sideways: scrollWidth ${width} > viewport ${vw} (widest: ${wide.join("; ")})`);
  }

  // (b) Text that wraps inside a word, and text that overlaps other text.
  const words = [];
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !/\S/.test(node.data)) continue;
    if (parent.closest("script, style, select, option, textarea, svg, title") || !visible(parent)) continue;
    const pattern = /[^\s\-‐–—/]+/g;
    for (let m = pattern.exec(node.data); m; m = pattern.exec(node.data)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (!rects.length) continue;
      const lines = new Set(rects.map((r) => Math.round(r.bottom / 4)));
      if (lines.size > 1) {
        problems.push(
          `the word "${m[0]}" wraps over ${lines.size} lines in ${describe(parent)} (${rects.map(box).join(" | ")})`,
        );
      }
      for (const r of rects) {
        const shown = clipped(parent, r); // what an overflow: hidden ancestor cuts off is not drawn
        if (shown) words.push({ node, parent, word: m[0], r: shown, layer: layer(parent) });
      }
    }
  }
  const overlapping = new Set();
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i];
      const b = words[j];
      if (a.node === b.node || a.layer !== b.layer) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      // Line boxes of adjacent lines touch: only a real overlap of glyph boxes counts.
      if (w > 2 && h > Math.min(a.r.height, b.r.height) / 3) {
        const key = `${a.word}|${b.word}`;
        if (overlapping.has(key)) continue;
        overlapping.add(key);
        problems.push(
          `text "${a.word}" (${describe(a.parent)}, ${box(a.r)}) overlaps text "${b.word}" (${describe(b.parent)}, ${box(b.r)})`,
        );
      }
    }
  }

  // (c) Controls clipped by an ancestor or outside the viewport; (d) controls on top of each other.
  const selector = "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab]";
  const controls = [...scope.querySelectorAll(selector)].filter(visible);
  for (const c of controls) {
    const r = c.getBoundingClientRect();
    if (r.left < -1 || r.right > vw + 1) problems.push(`${describe(c)} lies outside the viewport (0…${vw}): ${box(r)}`);
    // A fixed bar or panel stays put: what it holds must be on screen, unless it scrolls there.
    const fixed = layer(c);
    let scrolls = false;
    for (let a = c.parentElement; fixed && a && !scrolls; a = a === fixed ? null : a.parentElement) {
      scrolls = /auto|scroll/.test(getComputedStyle(a).overflowY);
    }
    if (fixed && !scrolls && (r.top < -1 || r.bottom > vh + 1)) {
      problems.push(`${describe(c)} in a fixed bar lies outside the viewport (0…${vh}): ${box(r)}`);
    }
    // overflow hidden/clip cuts both ways; a scrolling region (auto/scroll) hides sideways only,
    // as a list that scrolls down (a dialog, the filters) is expected.
    for (let a = c.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === "visible" && st.overflowY === "visible") continue;
      const ar = a.getBoundingClientRect();
      const left = ar.left + a.clientLeft;
      const top = ar.top + a.clientTop;
      const cut = (v) => v === "hidden" || v === "clip";
      const sideways = st.overflowX !== "visible" && (r.left < left - 1 || r.right > left + a.clientWidth + 1);
      const down = cut(st.overflowY) && (r.top < top - 1 || r.bottom > top + a.clientHeight + 1);
      if (sideways || down) {
        problems.push(
          `${describe(c)} (${box(r)}) is clipped by ${describe(a)} (overflow ${st.overflowX}/${st.overflowY}, ` +
            `x ${px(left)}…${px(left + a.clientWidth)}, y ${px(top)}…${px(top + a.clientHeight)})`,
        );
        break;
      }
    }
    // A placeholder longer than its field is cut.
    if (c.tagName === "INPUT" && c.placeholder && !c.value) {
      const st = getComputedStyle(c);
      const canvas = measure.canvas || (measure.canvas = document.createElement("canvas"));
      const context = canvas.getContext("2d");
      context.font = `${st.fontStyle} ${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
      const need = context.measureText(c.placeholder).width;
      const room = c.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
      if (need > room + 1) problems.push(`${describe(c)}: its placeholder needs ${px(need)} px, the field has ${px(room)}`);
    }
  }
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i];
      const b = controls[j];
      if (a.contains(b) || b.contains(a) || layer(a) !== layer(b)) continue;
      const ra = a.getBoundingClientRect();
      const rb = b.getBoundingClientRect();
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 0 && h > 0 && w * h > 1) {
        problems.push(`${describe(a)} (${box(ra)}) overlaps ${describe(b)} (${box(rb)}): ${px(w * h)} px²`);
      }
    }
  }

  // Where the results start, and what leads to them (for the phone's filters).
  const header = document.querySelector("header");
  const results = document.querySelector("section.view:not([hidden]) .results");
  const toResults = controls.find((c) => /^show \d+ (result|sound|item)/i.test(c.textContent.trim()));
  return {
    problems,
    header: header ? px(header.getBoundingClientRect().height) : 0,
    viewport: [vw, vh],
    resultsTop: results ? px(results.getBoundingClientRect().top) : null,
    toResults: toResults ? px(toResults.getBoundingClientRect().bottom) : null,
  };
}
