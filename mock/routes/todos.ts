// /api/test-todos: a sandbox so the tester's default request (CONTRACT §9) gets a real answer.
import { v4 as uuid } from "uuid";
import { z } from "zod";
import { MSG, notFound } from "../core/errors";
import { parseBody, reply, type RouteDef } from "./route-kit";
import { TODO_MAX, required } from "../core/rules";
import { timestamp } from "../core/time";

export const addTodoSchema = z.object({
  title: required("title", TODO_MAX),
  done: z.boolean({ invalid_type_error: "done must be true or false" }).default(false),
});

export const todoRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/test-todos",
    auth: false,
    facts: {
      operationId: "listTodos",
      summary: "List the sandbox's todos",
      description: "The tester's sandbox, so its default request gets a real answer.",
      tag: "todos",
      answers: { 200: { description: "Every todo.", shape: "TodoList" } },
    },
    handler: (ctx) => reply(200, { todos: ctx.db.todos.all() }),
  },
  {
    method: "POST",
    path: "/test-todos",
    auth: false,
    facts: {
      operationId: "addTodo",
      summary: "Add a todo",
      description: "Adds a todo to the sandbox.",
      tag: "todos",
      body: addTodoSchema,
      bodyExample: { title: "Try mockman", done: false },
      answers: { 201: { description: "The new todo and every todo.", shape: "NewTodo" } },
    },
    handler(ctx, req) {
      const { title, done } = parseBody(addTodoSchema, req.body);
      const now = timestamp(ctx.now());
      const todo = ctx.db.todos.insert({ _id: uuid(), title, done, createdAt: now, updatedAt: now });
      return reply(201, { todo, todos: ctx.db.todos.all() });
    },
  },
  {
    method: "DELETE",
    path: "/test-todos/:todoId",
    auth: false,
    facts: {
      operationId: "deleteTodo",
      summary: "Delete a todo",
      description: "Removes a todo from the sandbox.",
      tag: "todos",
      answers: { 200: { description: "Every todo left.", shape: "TodoList" } },
    },
    handler(ctx, req) {
      if (!ctx.db.todos.remove(req.params.todoId)) throw notFound(MSG.TODO_NOT_FOUND(req.params.todoId));
      return reply(200, { todos: ctx.db.todos.all() });
    },
  },
];
