// 'Edit post' (your own posts, from the card's '…' menu): the post's text in a dialog (POST /api/posts/edit).
import type { Post } from "#app/lib/types";
import { Modal } from "../Modal";
import { EDIT_POST, TextEditForm } from "../TextEditForm";
import { useDiscardQuestion } from "../useDiscardQuestion";

export function EditPostDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { form: discardForm, close, question } = useDiscardQuestion(onClose);
  return (
    <Modal title="Edit post" onClose={close}>
      {question}
      <TextEditForm
        formRef={discardForm}
        {...EDIT_POST}
        id={`edit-post:${post._id}`}
        initial={post.content}
        hidden={{ postId: post._id }}
        onDone={onClose}
        onCancel={close}
      />
    </Modal>
  );
}
