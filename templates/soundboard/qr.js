// A QR code encoder (ISO/IEC 18004) for the listen link: byte mode, error correction level M,
// versions 1–10 (up to 213 bytes), the mask with the lowest penalty. No DOM code, no outside
// resources: `qrSVG` draws the modules as one SVG path.

// Per version 1–10 at level M: error correction codewords per block, and the blocks as
// [count, data codewords] groups.
const levelM = [
  null,
  [10, [[1, 16]]],
  [16, [[1, 28]]],
  [26, [[1, 44]]],
  [18, [[2, 32]]],
  [24, [[2, 43]]],
  [16, [[4, 27]]],
  [18, [[4, 31]]],
  [22, [[2, 38], [2, 39]]],
  [22, [[3, 36], [2, 37]]],
  [26, [[4, 43], [1, 44]]],
];
const alignments = [
  null,
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

const dataCodewords = (version) => levelM[version][1].reduce((sum, [count, size]) => sum + count * size, 0);

/// The modules of `text`'s QR code: {version, size, modules (rows of booleans, true = dark)}.
/// Throws when the text is longer than version 10 holds.
export function qrEncode(text) {
  const bytes = [...new TextEncoder().encode(text)];
  let version = 1;
  const bitsNeeded = (v) => 4 + (v < 10 ? 8 : 16) + 8 * bytes.length;
  while (version <= 10 && bitsNeeded(version) > dataCodewords(version) * 8) version++;
  if (version > 10) throw new Error(`the text is too long for a QR code of version 10 (${bytes.length} bytes)`);
  const codewords = interleave(version, dataBits(bytes, version));
  const size = version * 4 + 17;
  const grid = new Grid(size);
  drawFunctionPatterns(grid, version);
  drawCodewords(grid, codewords);
  let best = null;
  for (let mask = 0; mask < 8; mask++) {
    const candidate = grid.copy();
    applyMask(candidate, mask);
    drawFormat(candidate, mask);
    const score = penalty(candidate.modules);
    if (!best || score < best.score) best = { score, grid: candidate };
  }
  return { version, size, modules: best.grid.modules };
}

/// An SVG of the code with a 4-module quiet zone, `pixels` wide.
export function qrSVG(text, pixels = 200) {
  const { size, modules } = qrEncode(text);
  const full = size + 8;
  let path = "";
  modules.forEach((row, y) => row.forEach((dark, x) => dark && (path += `M${x + 4} ${y + 4}h1v1h-1z`)));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" width="${pixels}" height="${pixels}" ` +
    `shape-rendering="crispEdges" role="img"><rect width="${full}" height="${full}" fill="#fff"/>` +
    `<path d="${path}" fill="#000"/></svg>`
  );
}

function dataBits(bytes, version) {
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  const capacity = dataCodewords(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return data;
}

function interleave(version, data) {
  const [ecLength, groups] = levelM[version];
  const divisor = rsDivisor(ecLength);
  const blocks = [];
  let at = 0;
  for (const [count, length] of groups) {
    for (let i = 0; i < count; i++) {
      const part = data.slice(at, at + length);
      at += length;
      blocks.push({ data: part, ec: rsRemainder(part, divisor) });
    }
  }
  const result = [];
  const longest = Math.max(...blocks.map((block) => block.data.length));
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.data.length) result.push(block.data[i]);
  for (let i = 0; i < ecLength; i++) for (const block of blocks) result.push(block.ec[i]);
  return result;
}

// Reed–Solomon over GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1.
function gfMultiply(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function rsDivisor(degree) {
  const result = new Array(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j], root);
      if (j + 1 < degree) result[j] ^= result[j + 1];
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

function rsRemainder(data, divisor) {
  const result = divisor.map(() => 0);
  for (const byte of data) {
    const factor = byte ^ result.shift();
    result.push(0);
    divisor.forEach((coefficient, i) => (result[i] ^= gfMultiply(coefficient, factor)));
  }
  return result;
}

class Grid {
  constructor(size) {
    this.size = size;
    this.modules = Array.from({ length: size }, () => new Array(size).fill(false));
    this.fixed = Array.from({ length: size }, () => new Array(size).fill(false));
  }
  set(x, y, dark) {
    this.modules[y][x] = dark;
    this.fixed[y][x] = true;
  }
  copy() {
    const other = new Grid(this.size);
    other.modules = this.modules.map((row) => row.slice());
    other.fixed = this.fixed;
    return other;
  }
}

function drawFunctionPatterns(grid, version) {
  const size = grid.size;
  for (let i = 0; i < size; i++) {
    grid.set(6, i, i % 2 === 0);
    grid.set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) grid.set(x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const positions = alignments[version];
  const last = positions.length - 1;
  positions.forEach((y, i) =>
    positions.forEach((x, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) grid.set(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }),
  );
  drawFormat(grid, 0); // reserves the format areas (drawn again with the chosen mask)
  if (version >= 7) {
    let remainder = version;
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) !== 0;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      grid.set(a, b, dark);
      grid.set(b, a, dark);
    }
  }
}

function drawFormat(grid, mask) {
  const size = grid.size;
  const data = (0 << 3) | mask; // level M's bits are 00
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  const bits = ((data << 10) | remainder) ^ 0x5412;
  const bit = (i) => ((bits >>> i) & 1) !== 0;
  for (let i = 0; i <= 5; i++) grid.set(8, i, bit(i));
  grid.set(8, 7, bit(6));
  grid.set(8, 8, bit(7));
  grid.set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) grid.set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) grid.set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) grid.set(8, size - 15 + i, bit(i));
  grid.set(8, size - 8, true);
}

function drawCodewords(grid, codewords) {
  const size = grid.size;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vertical : vertical;
        if (!grid.fixed[y][x] && i < codewords.length * 8) {
          grid.modules[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) !== 0;
          i++;
        }
      }
    }
  }
}

const masks = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function applyMask(grid, mask) {
  for (let y = 0; y < grid.size; y++) {
    for (let x = 0; x < grid.size; x++) {
      if (!grid.fixed[y][x] && masks[mask](x, y)) grid.modules[y][x] = !grid.modules[y][x];
    }
  }
}

/// The standard's penalty (runs, 2×2 blocks, finder-like patterns, balance), lowest is best.
function penalty(modules) {
  const size = modules.length;
  const lines = [];
  for (let i = 0; i < size; i++) {
    lines.push(modules[i].map(Number).join(""));
    lines.push(modules.map((row) => Number(row[i])).join(""));
  }
  let score = 0;
  for (const line of lines) {
    for (const run of line.match(/0{5,}|1{5,}/g) || []) score += run.length - 2;
    score += 40 * ((line.match(/(?=10111010000|00001011101)/g) || []).length);
  }
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (modules[y][x]) dark++;
      if (x + 1 < size && y + 1 < size) {
        const c = modules[y][x];
        if (c === modules[y][x + 1] && c === modules[y + 1][x] && c === modules[y + 1][x + 1]) score += 3;
      }
    }
  }
  return score + 10 * Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size));
}
