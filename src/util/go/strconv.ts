// Go's strconv quoting, for messages and annotations that upstream builds with %q.
// upstream: Go standard library strconv.Quote / strconv.IsPrint

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

// upstream: strconv.IsPrint
export function isPrint(codePoint: number): boolean {
  if (codePoint < 0x80) return codePoint >= 0x20 && codePoint < 0x7f;
  return PRINTABLE.test(String.fromCodePoint(codePoint));
}

const hex = (value: number, width: number): string => value.toString(16).padStart(width, '0');

// upstream: strconv.appendEscapedRune
function escapeRune(codePoint: number, quote: string): string {
  const char = String.fromCodePoint(codePoint);
  if (char === quote || char === '\\') return `\\${char}`;
  if (isPrint(codePoint)) return char;
  switch (codePoint) {
    case 0x07:
      return '\\a';
    case 0x08:
      return '\\b';
    case 0x0c:
      return '\\f';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x0b:
      return '\\v';
  }
  if (codePoint < 0x20 || codePoint === 0x7f) return `\\x${hex(codePoint, 2)}`;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return '\\ufffd';
  if (codePoint < 0x10000) return `\\u${hex(codePoint, 4)}`;
  return `\\U${hex(codePoint, 8)}`;
}

/** Go's strconv.Quote of a (valid Unicode) string: what fmt's %q prints. */
export function quote(s: string): string {
  let out = '"';
  for (const char of s) out += escapeRune(char.codePointAt(0)!, '"');
  return `${out}"`;
}

/** Go's strconv.Quote applied to the one-byte-rune string(rune(b)), as encoding/json's quoteChar uses it. */
export function quoteByteRune(byte: number): string {
  return escapeRune(byte, '"');
}

// upstream: strconv.ParseBool (an unparsable value reads as false here, as callers that drop the error see it)
export function parseBoolOrFalse(text: string): boolean {
  return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text);
}
