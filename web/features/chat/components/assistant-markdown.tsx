import { useEffect, useState, type ComponentProps } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { toSafeHref, WEB_PROTOCOLS } from '../lib/safe-url';
import { ExternalLink } from './external-link';
import './markdown.css';

/*
 * Assistant answers are untrusted text (a model can be steered by retrieved pages), so:
 * raw HTML is dropped, links keep only http(s)/mailto, and images are never fetched: an
 * image becomes a link the user may choose to open, so nothing leaks by merely rendering.
 */

type PluggableList = NonNullable<Options['rehypePlugins']>;

const FENCED_CODE = /^ {0,3}(`{3,}|~{3,})/m;

let highlighter: Promise<PluggableList> | null = null;

/** rehype-highlight and its grammars are large: loaded only for answers that contain code. */
function loadHighlighter(): Promise<PluggableList> {
  highlighter ??= Promise.all([import('rehype-highlight'), import('./code-theme.css')])
    .then(([module]): PluggableList => [[module.default, { detect: false }]])
    .catch((err: unknown) => {
      highlighter = null;
      throw err;
    });
  return highlighter;
}

function useHighlighter(enabled: boolean): PluggableList {
  const [plugins, setPlugins] = useState<PluggableList>([]);
  useEffect(() => {
    if (!enabled || plugins.length > 0) return;
    let active = true;
    loadHighlighter()
      .then((loaded) => active && setPlugins(loaded))
      .catch((err: unknown) => console.warn('Code highlighting is unavailable.', err));
    return () => {
      active = false;
    };
  }, [enabled, plugins.length]);
  return plugins;
}

function MarkdownLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  return <ExternalLink href={href}>{children}</ExternalLink>;
}

function MarkdownImage({ src, alt }: ComponentProps<'img'>) {
  const label = `[image: ${alt || 'untitled'}]`;
  const href = typeof src === 'string' ? toSafeHref(src, WEB_PROTOCOLS) : '';
  return href ? <ExternalLink href={href}>{label}</ExternalLink> : <span>{label}</span>;
}

function MarkdownTable({ children }: ComponentProps<'table'>) {
  return (
    <div className="overflow-x-auto">
      <table>{children}</table>
    </div>
  );
}

const components: Components = {
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  img: ({ src, alt }) => <MarkdownImage src={src} alt={alt} />,
  table: ({ children }) => <MarkdownTable>{children}</MarkdownTable>,
};

const remarkPlugins: PluggableList = [remarkGfm];

export default function AssistantMarkdown({ content }: { content: string }) {
  const rehypePlugins = useHighlighter(FENCED_CODE.test(content));
  return (
    <div className="kai-markdown">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} skipHtml urlTransform={(url) => toSafeHref(url)} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
