import { useMemo, type ReactNode } from 'react';
import { Router, useRouter, type Parser, type RouterOptions } from 'wouter';

/**
 * wouter's own pattern parser (regexparam: named parameters, optional segments,
 * wildcards), guaranteed case-insensitive (docs/product-rules.md, Sign-in). regexparam 3
 * already sets the 'i' flag; this keeps the rule if the parser or its version changes.
 */
export function withIgnoreCase(parser: Parser): Parser {
  return (route, loose) => {
    const { pattern, keys } = parser(route, loose);
    if (!(pattern instanceof RegExp) || pattern.flags.includes('i')) return { pattern, keys };
    return { pattern: new RegExp(pattern.source, `${pattern.flags}i`), keys };
  };
}

export function CaseInsensitiveRouter({ children, ...options }: RouterOptions & { children: ReactNode }) {
  const { parser: parentParser } = useRouter();
  const parser = useMemo(() => withIgnoreCase(options.parser ?? parentParser), [options.parser, parentParser]);
  return (
    <Router {...options} parser={parser}>
      {children}
    </Router>
  );
}
