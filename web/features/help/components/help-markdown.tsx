import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Help articles ship with KAI, but raw HTML is still dropped. */
export default function HelpMarkdown({ content }: { content: string }) {
  return (
    <div className="space-y-2 text-sm [&_h2]:mt-3 [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml>
        {content}
      </Markdown>
    </div>
  );
}
